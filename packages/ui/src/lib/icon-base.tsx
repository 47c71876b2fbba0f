import type * as React from 'react';

/**
 * The base of the components' own line icons (see `icons.tsx`) and the one icon nearly every page
 * paints (the busy spinner of Button and Spinner), apart from the others: a module ships whole.
 */
export type IconProps = React.ComponentProps<'svg'>;

export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function LoaderIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </Icon>
  );
}
