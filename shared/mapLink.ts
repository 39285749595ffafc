/**
 * The map of an address (issue 21, item 4): Google Maps' search URL, which any browser or phone opens — in the
 * Maps app where one is installed. Derived, never stored: editing the address moves the link.
 */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
