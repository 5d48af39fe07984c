/**
 * A picture address as the data stores it: a path of the upstream's own (`/api/images/points/3.svg`) answers under
 * its public address, so that a page on another origin (the gateway's) loads it; anything else is already absolute.
 */
export function publicImageUrl(publicUrl: string, image: string | null): string | null {
  return image === null ? null : image.startsWith('/') ? `${publicUrl}${image}` : image;
}
