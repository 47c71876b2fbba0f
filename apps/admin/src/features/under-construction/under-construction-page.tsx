import { Button, Empty } from '@consign/ui';
import { Link } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { UNDER_CONSTRUCTION_TEXT } from '../../texts';

/** The page of a menu entry whose feature is not built yet (docs/design.md#admin-app): not the 404 page. */
export function UnderConstructionPage({ feature }: { feature: string }) {
  return (
    <section
      data-slot="under-construction"
      aria-labelledby="under-construction-title"
      className="flex flex-col items-center rounded-lg bg-card px-6 py-16 text-center"
    >
      <Construction aria-hidden="true" className="size-12 text-warning" />
      <h1 id="under-construction-title" className="mt-4 text-xl font-semibold">
        {UNDER_CONSTRUCTION_TEXT.heading}
      </h1>
      <Empty
        icon={null}
        description={UNDER_CONSTRUCTION_TEXT.body(feature)}
        action={
          <Button asChild variant="primary">
            <Link to="/dashboard/index">{UNDER_CONSTRUCTION_TEXT.back}</Link>
          </Button>
        }
      />
    </section>
  );
}
