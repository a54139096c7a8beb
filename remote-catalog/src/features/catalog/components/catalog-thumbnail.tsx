import { THUMBNAIL_SIZE } from '../data/thumbnails';

/**
 * An item's thumbnail: decorative (the title names the item), with its intrinsic size so the
 * layout never shifts when it arrives, and lazy unless it is the page's first picture
 * (`priority`: its largest paint, fetched first).
 */
export function CatalogThumbnail({
  src,
  className,
  draggable,
  priority = false,
}: {
  src: string;
  className?: string;
  draggable?: boolean;
  priority?: boolean;
}) {
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={THUMBNAIL_SIZE.width}
      height={THUMBNAIL_SIZE.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      draggable={draggable}
    />
  );
}
