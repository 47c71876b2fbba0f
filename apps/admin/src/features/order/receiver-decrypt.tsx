import type { DecryptedReceiver } from '@consign/api-client';
import { Button } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { problemMessage } from '../../common/problem-message';
import { useApi } from '../../lib/use-api';

/**
 * 查看完整收货信息 in the order detail (with order:decrypt, for a platform order whose receiver came
 * encrypted): the receiver as the platform decrypts it, shown here only (the server logs that it was
 * viewed, never the text); a refusal (the platform's quota spent…) in the server's words.
 */
export function ReceiverDecrypt({ orderId }: { orderId: number }) {
  const api = useApi();
  const decrypt = useMutation<DecryptedReceiver>({
    mutationFn: () => api.call('/api/order/receiver-decrypt', { id: orderId }, { skipErrorHandler: true }),
  });
  return (
    <section aria-label="完整收货信息" className="flex flex-col gap-2 text-sm">
      {decrypt.data ? (
        <p data-slot="receiver-plain" className="break-all">
          {decrypt.data.name} {decrypt.data.mobile} {decrypt.data.address}
        </p>
      ) : (
        <div>
          <Button size="sm" disabled={decrypt.isPending} onClick={() => decrypt.mutate()}>
            查看完整收货信息
          </Button>
        </div>
      )}
      {decrypt.isError ? (
        <p role="alert" className="text-error">
          {problemMessage(decrypt.error)}
        </p>
      ) : null}
    </section>
  );
}
