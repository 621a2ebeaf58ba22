/** Macs take ⌘K for the search shortcut, other systems Ctrl+K. */
export function isMacPlatform(): boolean {
  const {userAgentData, platform} = navigator as Navigator & {userAgentData?: {platform: string}};
  return /mac/i.test(userAgentData?.platform ?? platform);
}
