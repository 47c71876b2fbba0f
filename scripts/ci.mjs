// Whether this run is CI's (`CI` set to anything but empty, `0` or `false`, as CI services set it).
// On CI a suite that cannot run fails; elsewhere it is skipped loudly.
export function isCi() {
  const value = process.env.CI ?? '';
  return value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
