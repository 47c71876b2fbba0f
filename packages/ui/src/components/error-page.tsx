import type * as React from 'react';
import { copy } from '../copy';
import { cn } from '../lib/cn';

export type ErrorStatus = 403 | 404 | 500;

export type ErrorPageProps = Omit<React.ComponentProps<'section'>, 'title'> & {
  /** A preset: illustration, status code and the product's text for 403, 404 or 500. */
  status: ErrorStatus;
  /** Replaces the big status-code title. */
  title?: React.ReactNode;
  /** Replaces the preset text. */
  description?: React.ReactNode;
  /** Buttons and links under the text (返回首页, 报错页面). `children` go there too. */
  action?: React.ReactNode;
};

/** A full-page result for errors: illustration, status code, explanation and what to do next. */
export function ErrorPage({
  status,
  title,
  description,
  action,
  children,
  className,
  ...props
}: ErrorPageProps) {
  const preset = copy.errorPage[status];
  return (
    <section
      data-slot="error-page"
      data-status={status}
      aria-labelledby={`error-page-title-${status}`}
      className={cn('flex flex-col items-center px-6 py-12 text-center', className)}
      {...props}
    >
      <ErrorIllustration status={status} />
      <h1
        id={`error-page-title-${status}`}
        data-slot="error-page-title"
        className="mt-6 text-5xl leading-none font-semibold tracking-tight text-foreground"
      >
        {title ?? preset.title}
      </h1>
      <p data-slot="error-page-description" className="mt-4 text-sm text-muted-foreground">
        {description ?? preset.description}
      </p>
      {action || children ? (
        <div data-slot="error-page-actions" className="mt-6 flex flex-wrap items-center justify-center gap-3">
          {action}
          {children}
        </div>
      ) : null}
    </section>
  );
}

/** Decorative line drawings in the theme's colours (aria-hidden; the heading and text carry the meaning). */
function ErrorIllustration({ status }: { status: ErrorStatus }) {
  return (
    <svg
      data-slot="error-page-illustration"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 240 160"
      className="h-40 w-60 max-w-full"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <ellipse cx="120" cy="144" rx="92" ry="10" className="fill-muted" />
      {status === 403 ? (
        <g>
          <path
            d="M120 22 168 40v34c0 32-20 54-48 64-28-10-48-32-48-64V40z"
            className="fill-primary-muted stroke-link"
            strokeWidth="3"
          />
          <rect
            x="100"
            y="70"
            width="40"
            height="32"
            rx="4"
            className="fill-card stroke-link"
            strokeWidth="3"
          />
          <path d="M108 70v-8a12 12 0 0 1 24 0v8" className="stroke-link" strokeWidth="3" />
          <circle cx="120" cy="86" r="4" className="fill-link" />
        </g>
      ) : status === 404 ? (
        <g>
          <rect
            x="52"
            y="30"
            width="136"
            height="96"
            rx="8"
            className="fill-card stroke-link"
            strokeWidth="3"
          />
          <path d="M52 50h136" className="stroke-link" strokeWidth="3" />
          <circle cx="64" cy="40" r="3" className="fill-link" />
          <circle cx="74" cy="40" r="3" className="fill-link" />
          <circle cx="110" cy="86" r="18" className="fill-primary-muted stroke-link" strokeWidth="3" />
          <path d="m123 99 16 16" className="stroke-link" strokeWidth="5" />
          <path d="M104 80l12 12M116 80l-12 12" className="stroke-error" strokeWidth="3" />
        </g>
      ) : (
        <g>
          <rect
            x="68"
            y="26"
            width="104"
            height="34"
            rx="6"
            className="fill-card stroke-link"
            strokeWidth="3"
          />
          <rect
            x="68"
            y="68"
            width="104"
            height="34"
            rx="6"
            className="fill-card stroke-link"
            strokeWidth="3"
          />
          <circle cx="84" cy="43" r="4" className="fill-success" />
          <circle cx="84" cy="85" r="4" className="fill-error" />
          <path d="M100 43h56M100 85h56" className="stroke-neutral-400" strokeWidth="3" />
          <path d="M120 102v22" className="stroke-link" strokeWidth="3" />
          <path d="m150 108 14 24h-28z" className="fill-warning stroke-warning" strokeWidth="2" />
          <path d="M150 116v8M150 128v.5" className="stroke-neutral-900" strokeWidth="2.5" />
        </g>
      )}
    </svg>
  );
}
