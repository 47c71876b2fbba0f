import { Link } from '@tanstack/react-router';
import type * as React from 'react';

export type PathLinkProps = Omit<React.ComponentProps<'a'>, 'href'> & {
  /** An app path; the shell gets its paths as data (the menu), so it cannot know the app's route types. */
  to: string;
};

/**
 * The router's `<Link>` for a path held as data. An app that registers its router makes `Link`'s `to`
 * a union of its routes; the shell's menu paths are plain strings, hence this one loosely typed alias.
 */
export const PathLink = Link as unknown as (props: PathLinkProps) => React.ReactNode;
