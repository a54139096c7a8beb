import { useEffect, useId, useMemo, useRef } from 'react';
import { PAGE_SIZE } from '@devhub/shared/constants';
import { useContentReady } from '@devhub/shared/use-content-ready';
import type { ListingKind } from '../../catalog/model/catalog-types';
import a11y from '@devhub/shared/visually-hidden.module.css';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { scrollToTop } from '../../../lib/scroll-to-top';
import { CardGrid } from '../../catalog/components/card-grid';
import { useCatalog } from '../../catalog/hooks/use-catalog';
import { queryCatalog } from '../../catalog/lib/query-catalog';
import { rankTags } from '../../catalog/lib/rank-tags';
import { useListingParams, withListingParams } from '../hooks/use-listing-params';
import { SORT_OPTIONS } from '../lib/listing-params';
import { EmptyState } from './empty-state';
import { GoToTopButton } from './go-to-top-button';
import { ListingSearch } from './listing-search';
import { Pager } from './pager';
import { SortSelect } from './sort-select';
import { TagFilter } from './tag-filter';
import styles from './listing-view.module.css';

export function ListingView({ kind }: { kind: ListingKind }) {
  const items = useCatalog();
  useContentReady('catalog/ListingPage');
  const { params, searchParams, update, replaceWith } = useListingParams(kind);
  const { query, tags, sort, page } = params;
  const resultsHeadingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Back at the top, focus is there too: the control that was used may be far below or gone.
  const focusHeading = () => headingRef.current?.focus({ preventScroll: true });

  // Each derivation depends only on what it uses: typing a query filters again but never
  // re-ranks the tags.
  const kindItems = useMemo(() => items.filter((item) => item.type === kind), [items, kind]);
  const rankedTags = useMemo(() => rankTags(kindItems).map(({ tag }) => tag), [kindItems]);
  const panelTags = useMemo(
    () => [...tags.filter((tag) => !rankedTags.includes(tag)), ...rankedTags],
    [rankedTags, tags],
  );
  const shown = useMemo(
    () => queryCatalog(kindItems, { query, tags, sort, page }, PAGE_SIZE),
    [kindItems, query, tags, sort, page],
  );

  // A URL that asks for a page past the end, a garbage page or an unknown sort is rewritten to
  // the state on screen, so the address bar, reload and sharing all agree with what is shown.
  const canonical = withListingParams(searchParams, { ...params, page: shown.page }, kind).toString();
  useEffect(() => {
    if (canonical !== searchParams.toString()) replaceWith({ ...params, page: shown.page });
  }, [canonical, searchParams, params, shown.page, replaceWith]);

  const toggleTag = (tag: string) => {
    update({ tags: tags.includes(tag) ? tags.filter((selected) => selected !== tag) : [...tags, tag] });
  };

  const goToPage = (page: number) => {
    update({ page });
    scrollToTop();
    focusHeading();
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 ref={headingRef} className={styles.heading} tabIndex={-1}>
          {CATALOG_TEXT.headings[kind]}
        </h1>
        <p className={styles.count} role="status">
          {CATALOG_TEXT.resultCount(shown.total)}
        </p>
      </header>
      <div className={styles.controls}>
        <ListingSearch query={query} onSearch={(next, replace) => update({ query: next }, { replace })} />
        {SORT_OPTIONS[kind].length > 0 && (
          <SortSelect options={SORT_OPTIONS[kind]} value={sort} onChange={(next) => update({ sort: next })} />
        )}
      </div>
      <TagFilter tags={panelTags} selected={tags} onToggle={toggleTag} />
      <section className={styles.results} aria-labelledby={resultsHeadingId}>
        <h2 id={resultsHeadingId} className={a11y.visuallyHidden}>
          {CATALOG_TEXT.results}
        </h2>
        {shown.total === 0 ? (
          <EmptyState
            kind={kind}
            items={items}
            filter={{ query, tags }}
            onClear={() => update({ query: '', tags: [] })}
          />
        ) : (
          <>
            <CardGrid items={shown.items} headingLevel="h3" firstIsPriority />
            <Pager page={shown.page} pageCount={shown.pageCount} onChange={goToPage} />
          </>
        )}
      </section>
      <GoToTopButton onTop={focusHeading} />
    </div>
  );
}
