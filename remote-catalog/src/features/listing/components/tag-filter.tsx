import { useId, useState, type FocusEvent } from 'react';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import styles from './tag-filter.module.css';

/**
 * The tag panel (spec §4): collapsed to a fixed height with a faded edge ('Mở rộng') or expanded
 * ('Thu gọn'). Selected tags are pressed toggles; an item must carry every one of them.
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

  // Tabbing onto a tag hidden under the collapsed edge opens the panel, so focus is never out of sight.
  const revealFocused = (event: FocusEvent<HTMLUListElement>) => {
    if (expanded) return;
    const list = event.currentTarget;
    const target = event.target;
    if (target.offsetTop + target.offsetHeight > list.clientHeight) setExpanded(true);
  };

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
      <ul id={listId} className={styles.list} data-expanded={expanded} onFocus={revealFocused}>
        {tags.map((tag) => {
          const pressed = selected.includes(tag);
          return (
            <li key={tag}>
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
