import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import a11y from '@devhub/shared/visually-hidden.module.css';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import type { CatalogItem } from '../../catalog/model/catalog-types';
import { useVisibleSlides } from '../hooks/use-visible-slides';
import { alignStart, dotHiddenFrom, groupCount, nextStart, previousStart } from '../lib/carousel';
import { FeaturedSlide } from './featured-slide';
import styles from './featured-carousel.module.css';

/** A horizontal swipe shorter than this is a tap or a scroll, not a slide change. */
const SWIPE_MIN_PX = 40;

/**
 * 'Bài nổi bật': the most downloaded items, 1, 2 or 3 at a time by screen width. Arrows, dots,
 * arrow keys and swipes move between slide groups and wrap around at both ends (spec §2, §4).
 */
export function FeaturedCarousel({ items }: { items: readonly CatalogItem[] }) {
  const headingId = useId();
  // Unknown before the browser renders (see useVisibleSlides): the first group and the dots, laid
  // out by the stylesheet, with no status yet.
  const known = useVisibleSlides();
  const visible = known ?? 1;
  const total = items.length;
  const [requestedStart, setRequestedStart] = useState(0);
  const start = alignStart(requestedStart, visible, total);
  const groups = groupCount(total, visible);
  const activeGroup = Math.floor(start / visible);
  const trackRef = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);

  const showNext = () => setRequestedStart(nextStart(start, visible, total));
  const showPrevious = () => setRequestedStart(previousStart(start, visible, total));

  // Arrow keys move between groups from any control of the carousel, as in a tab list.
  const onArrowKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const move = event.key === 'ArrowRight' ? showNext : showPrevious;
    if (!trackRef.current?.contains(event.currentTarget)) {
      move();
      return;
    }
    // Focus is on a slide that is about to become inert: render the new group now and move
    // focus into it, so it is never dropped onto the page.
    flushSync(move);
    trackRef.current.querySelector<HTMLElement>('[data-slide-active="true"] a')?.focus();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const from = swipe.current;
    swipe.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
    if (dx < 0) showNext();
    else showPrevious();
  };

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {CATALOG_TEXT.featured}
        </h2>
        <div className={styles.arrows}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={CATALOG_TEXT.previousSlide}
            onClick={showPrevious}
            onKeyDown={onArrowKey}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className={styles.arrow}
            aria-label={CATALOG_TEXT.nextSlide}
            onClick={showNext}
            onKeyDown={onArrowKey}
          >
            <Icon name="chevronRight" />
          </button>
        </div>
      </div>
      <p className={a11y.visuallyHidden} role="status">
        {known && CATALOG_TEXT.slideStatus(activeGroup + 1, groups)}
      </p>
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <div
          ref={trackRef}
          className={styles.track}
          style={{ transform: `translateX(${(-start * 100) / visible}%)` }}
          data-visible={known ?? undefined}
        >
          {items.map((item, index) => {
            const shown = known === null || (index >= start && index < start + visible);
            return (
              <div
                key={item.id}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={CATALOG_TEXT.slideLabel(index + 1, total)}
                aria-hidden={!shown}
                inert={!shown}
                data-slide-active={shown}
              >
                <FeaturedSlide item={item} onKeyDown={onArrowKey} priority={index === 0} />
              </div>
            );
          })}
        </div>
      </div>
      <div className={styles.dots} role="group" aria-label={CATALOG_TEXT.slideGroups}>
        {Array.from({ length: known ? groups : total }, (_, group) => (
          <button
            key={group}
            type="button"
            className={styles.dot}
            data-hidden-from={known ? undefined : dotHiddenFrom(group, total)}
            aria-label={CATALOG_TEXT.goToSlide(group + 1)}
            aria-current={group === activeGroup ? 'true' : undefined}
            onClick={() => setRequestedStart(group * visible)}
            onKeyDown={onArrowKey}
          />
        ))}
      </div>
    </section>
  );
}
