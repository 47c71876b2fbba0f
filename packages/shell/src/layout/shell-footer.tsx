import type { CompanyConfig } from '@consign/api-client';
import { cn } from '@consign/ui';
import type * as React from 'react';

export type ShellFooterProps = React.ComponentProps<'footer'> & {
  config?: Pick<CompanyConfig, 'foot_copyright' | 'foot_info'> | undefined;
};

/** The company footer: `foot_copyright` and `foot_info` of the company config. */
export function ShellFooter({ config, className, ...props }: ShellFooterProps) {
  if (!config?.foot_copyright && !config?.foot_info) return null;
  return (
    <footer
      data-slot="footer"
      className={cn(
        'flex flex-col items-center gap-1 px-4 py-4 text-center text-xs text-muted-foreground',
        className,
      )}
      {...props}
    >
      {config.foot_copyright ? <p data-slot="footer-copyright">{config.foot_copyright}</p> : null}
      {config.foot_info ? <p data-slot="footer-info">{config.foot_info}</p> : null}
    </footer>
  );
}
