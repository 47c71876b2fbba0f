import { Button } from '@consign/ui';
import type { ReactNode } from 'react';

export interface RowActionsProps {
  editText: string;
  deleteText: string;
  /** Accessible names that say which row, e.g. 编辑 淘宝. */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Further actions shown before 编辑. */
  children?: ReactNode;
}

/** 编辑 / 删除 link buttons of a table row. */
export function RowActions({
  editText,
  deleteText,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  children,
}: RowActionsProps) {
  return (
    <div className="flex gap-3">
      {children}
      <Button variant="link" aria-label={editLabel} onClick={onEdit}>
        {editText}
      </Button>
      <Button variant="link" className="text-error" aria-label={deleteLabel} onClick={onDelete}>
        {deleteText}
      </Button>
    </div>
  );
}

export interface SettingsCardProps {
  titleId: string;
  title: string;
  intro: string;
  /** The primary action at the top right, e.g. 新增横幅. */
  action?: ReactNode;
  children: ReactNode;
}

/** One titled card of 全局设置: heading, a line of explanation, an action, then the content. */
export function SettingsCard({ titleId, title, intro, action, children }: SettingsCardProps) {
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
