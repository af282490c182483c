import { MAIL_PAGE_SIZES } from '@bm/core';
import { useState, type ReactNode } from 'react';
import { LabelledSelect } from '../../components/labelled-select';
import { SearchInput } from '../../components/search-input';
import { Button } from '../../components/ui';
import { useInboxT } from './inbox-text';

/** Search (applied on Enter or the button, trimmed), page size, and any other filter of a mail list. */
export function ListControls({
  search,
  onSearch,
  pageSize,
  onPageSize,
  children,
}: {
  search: string;
  onSearch: (search: string) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
  children?: ReactNode;
}) {
  const t = useInboxT();
  const [text, setText] = useState(search);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <form
        role="search"
        className="flex min-w-0 flex-1 items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <SearchInput
            label={t('searchLabel')}
            labelClassName="mb-1 block text-sm font-medium text-slate-200"
            value={text}
            placeholder={t('searchPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            className="h-10"
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('search')}
        </Button>
      </form>
      {children}
      <LabelledSelect
        label={t('pageSizeLabel')}
        labelClassName="mb-1 block text-sm font-medium text-slate-200"
        value={pageSize}
        onChange={(e) => onPageSize(Number(e.target.value))}
        className="h-10 py-0 sm:w-24"
      >
        {MAIL_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </LabelledSelect>
    </div>
  );
}
