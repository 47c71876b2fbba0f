import type * as React from 'react';

/** A titled card of label/value pairs. */
export function DescriptionCard({
  title,
  intro,
  items,
}: {
  title: string;
  intro: string;
  items: ReadonlyArray<readonly [label: string, value: React.ReactNode]>;
}) {
  return (
    <section
      aria-labelledby="description-card-title"
      className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm"
    >
      <div>
        <h1 id="description-card-title" className="text-lg font-semibold">
          {title}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
      </div>
      <dl className="grid max-w-2xl grid-cols-[10rem_1fr] gap-x-4 gap-y-3 text-sm">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
