import { THUMBNAIL_SIZE } from '../data/thumbnails';

/**
 * An item's thumbnail: decorative (the title names the item), lazy, and with its intrinsic
 * size so the layout never shifts when it arrives.
 */
export function CatalogThumbnail({
  src,
  className,
  draggable,
}: {
  src: string;
  className?: string;
  draggable?: boolean;
}) {
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={THUMBNAIL_SIZE.width}
      height={THUMBNAIL_SIZE.height}
      loading="lazy"
      decoding="async"
      draggable={draggable}
    />
  );
}
