import { Button } from '@consign/ui';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({ component: Home });

function Home() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8">
      <h1 className="text-xl font-semibold">Consign 代发管理后台</h1>
      <Button variant="primary">进入后台</Button>
    </main>
  );
}
