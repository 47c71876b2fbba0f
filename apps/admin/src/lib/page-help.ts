/**
 * The 帮助中心 article of the page on screen: the `staticData.help` of the deepest matched route that
 * names one (router-context.ts), read like the access rules (access.ts) from the router's matches.
 */
export function helpOf(matches: readonly { staticData?: { help?: string } }[]): string | undefined {
  return matches.findLast((match) => match.staticData?.help)?.staticData?.help;
}
