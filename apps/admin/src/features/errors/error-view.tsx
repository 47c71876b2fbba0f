import { Button, ErrorPage, type ErrorStatus } from '@consign/ui';
import { useRouter } from '@tanstack/react-router';
import type * as React from 'react';
import { PublicDocumentTitle } from '../../lib/public-title';
import { ERROR_TEXT } from '../../texts';

export interface ErrorViewProps {
  status: ErrorStatus;
  /** Replaces the preset text of the status. */
  description?: React.ReactNode;
  /** Links shown before 返回首页 (the 500 page's 报错页面). */
  children?: React.ReactNode;
  /** `page`: a full page of its own (default); `content`: inside the shell's content area. */
  layout?: 'page' | 'content';
}

/** The product's 403/404/500 page: ui's ErrorPage preset plus a 返回首页 button. */
export function ErrorView({ status, description, children, layout = 'page' }: ErrorViewProps) {
  const router = useRouter();
  const page = (
    <ErrorPage
      status={status}
      description={description}
      action={
        <>
          {children}
          <Button variant="primary" onClick={() => void router.navigate({ to: '/' })}>
            {ERROR_TEXT.backHome}
          </Button>
        </>
      }
    />
  );
  if (layout === 'content') return page;
  return (
    <main className="flex min-h-screen items-center justify-center bg-background">
      <PublicDocumentTitle title={ERROR_TEXT.titles[status]} />
      {page}
    </main>
  );
}
