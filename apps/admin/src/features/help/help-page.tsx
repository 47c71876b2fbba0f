import { Input } from '@consign/ui';
import { Link } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { usePageTitle } from '../../common/page-title';
import { StatusBadge } from '../../common/status-badge';
import { HELP_ARTICLES, searchArticles } from './articles';

const COPY = {
  intro: '常见操作的说明，每篇都附有前往相关页面的链接。页面右上角的「帮助」会打开当前页面的说明。',
  search: '搜索帮助',
  searchPlaceholder: '输入关键词，如 发货、导入、售后',
  building: '建设中',
  none: (query: string) => `没有找到与「${query}」相关的帮助`,
  count: (n: number) => `共 ${n} 篇`,
  contents: '目录',
  links: (title: string) => `${title}：相关页面`,
} as const;

/**
 * 帮助中心: the product's help articles, searched as the user types (in the page, no call), each with
 * links to its pages. The header's 帮助 opens it at the article of the page it came from (`#<id>`).
 */
export function HelpPage() {
  const title = usePageTitle();
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchArticles(HELP_ARTICLES, query), [query]);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{COPY.intro}</p>
        <div className="flex max-w-md items-center gap-3">
          <Input
            type="search"
            aria-label={COPY.search}
            placeholder={COPY.searchPlaceholder}
            prefix={<Search aria-hidden="true" className="size-4 text-muted-foreground" />}
            value={query}
            allowClear
            onChange={(event) => setQuery(event.target.value)}
          />
          <span className="shrink-0 text-sm text-muted-foreground" aria-live="polite">
            {COPY.count(found.length)}
          </span>
        </div>
      </header>
      {found.length === 0 ? (
        <p className="rounded-lg bg-card p-6 text-sm text-muted-foreground shadow-sm">
          {COPY.none(query.trim())}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <nav aria-label={COPY.contents} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {found.map((article) => (
              <a key={article.id} href={`#${article.id}`} className="text-link hover:underline">
                {article.title}
              </a>
            ))}
          </nav>
          {found.map((article) => (
            <article
              key={article.id}
              id={article.id}
              aria-labelledby={`${article.id}-title`}
              data-slot="help-article"
              className="flex scroll-mt-4 flex-col gap-2 rounded-lg bg-card p-5 shadow-sm"
            >
              <h2 id={`${article.id}-title`} className="flex items-center gap-2 text-base font-semibold">
                {article.title}
                {article.building ? <StatusBadge label={COPY.building} tone="neutral" /> : null}
              </h2>
              {article.paragraphs.map((paragraph) => (
                <p key={paragraph} className="text-sm leading-6 text-muted-foreground">
                  {paragraph}
                </p>
              ))}
              {article.links?.length ? (
                <nav
                  aria-label={COPY.links(article.title)}
                  className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
                >
                  {article.links.map((link) => (
                    <Link
                      key={link.label}
                      to={link.to}
                      search={link.search as never}
                      className="text-link hover:underline"
                    >
                      {link.label}
                    </Link>
                  ))}
                </nav>
              ) : null}
            </article>
          ))}
        </div>
      )}
    </div>
  );
}
