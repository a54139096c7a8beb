import { useId, useLayoutEffect, useRef, useState } from 'react';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import styles from './tag-filter.module.css';

/** The index of the first tag that does not fit whole in the collapsed list, if one does not. */
function firstClipped(list: HTMLUListElement): number | null {
  const bottom = list.getBoundingClientRect().top + list.clientHeight;
  const index = [...list.children].findIndex((item) => item.getBoundingClientRect().bottom > bottom + 0.5);
  return index === -1 ? null : index;
}

/**
 * The tag panel (spec §4): collapsed to a fixed height with a faded edge ('Mở rộng') or expanded
 * ('Thu gọn'). Selected tags are pressed toggles; an item must carry every one of them. Tags
 * that do not fit the collapsed panel are hidden, not merely clipped: out of the Tab order and
 * of the accessibility tree, and their boxes no longer lie over the toggle below.
 */
export function TagFilter({
  tags,
  selected,
  onToggle,
}: {
  tags: readonly string[];
  selected: readonly string[];
  onToggle: (tag: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [clippedFrom, setClippedFrom] = useState<number | null>(null);

  // Measured after layout (the server cannot know the width), and again whenever it changes.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || expanded) {
      setClippedFrom(null);
      return undefined;
    }
    const measure = () => setClippedFrom(firstClipped(list));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [expanded, tags]);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {CATALOG_TEXT.tags}
        </h2>
        {selected.length > 0 && (
          <span className={styles.selectedCount}>{CATALOG_TEXT.selectedTags(selected.length)}</span>
        )}
      </div>
      <ul ref={listRef} id={listId} className={styles.list} data-expanded={expanded}>
        {tags.map((tag, index) => {
          const pressed = selected.includes(tag);
          const clipped = clippedFrom !== null && index >= clippedFrom;
          return (
            <li key={tag} className={clipped ? styles.clipped : undefined}>
              <button type="button" className={styles.tag} aria-pressed={pressed} onClick={() => onToggle(tag)}>
                {tag}
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
      >
        {expanded ? CATALOG_TEXT.collapse : CATALOG_TEXT.expand}
        <Icon name={expanded ? 'chevronUp' : 'chevronDown'} size={16} />
      </button>
    </section>
  );
}
