import { Button } from '@consign/ui';
import { TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { shellCopy } from '../copy';

export interface ContentErrorBoundaryProps {
  children?: React.ReactNode;
  /** When this value changes (the pathname, say), a shown error is cleared. */
  resetKey?: unknown;
  /** Called with every caught error (report it to monitoring). */
  onError?: (error: unknown, info: React.ErrorInfo) => void;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey: unknown;
}

/** The panel shown in place of a failed page; the rest of the shell keeps working. */
export function ContentErrorPanel({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      data-slot="content-error"
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-border bg-card p-8 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-10 text-warning" />
      <h2 className="text-base font-semibold">{shellCopy.pageErrorTitle}</h2>
      <p className="text-sm text-muted-foreground">{shellCopy.pageErrorDescription}</p>
      <Button variant="primary" onClick={onRetry}>
        {shellCopy.retry}
      </Button>
    </div>
  );
}

/**
 * Catches what a page throws while rendering, so that a failing page never takes the sidebar and
 * header down with it. Reset by its retry button or by a new `resetKey` (navigation).
 */
export class ContentErrorBoundary extends React.Component<ContentErrorBoundaryProps, State> {
  override state: State = { error: undefined, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: ContentErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) {
      return { resetKey: props.resetKey, hasError: false, error: undefined };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: React.ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = () => {
    this.setState({ hasError: false, error: undefined });
  };

  override render() {
    if (this.state.hasError) return <ContentErrorPanel onRetry={this.reset} />;
    return this.props.children;
  }
}
