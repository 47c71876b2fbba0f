import { offerIdOf } from '@consign/api-client';
import { Hono } from 'hono';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, ok } from '../http/respond';
import { database, scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { SupplierError } from '../platforms/alibaba';
import { featuredOffers, offerReadFailure, readSupplierOffer } from '../platforms/offer-reads';

/** 平台精选 for sellers: the curated 1688 offers, read through the seller's 1688 account (no transaction). */
export function featuredRoutes({ now, platforms, secretBox }: Pick<Deps, 'now' | 'platforms' | 'secretBox'>) {
  return new Hono<ApiEnv>().post('/index', body('/api/featured/index'), async (c) => {
    const db = database(c);
    const { accountId } = scope(c);
    const nowS = Math.floor(now() / 1000);
    try {
      return ok(
        c,
        await featuredOffers(
          db,
          (offerId) => readSupplierOffer({ db, box: secretBox, platforms }, accountId, offerId, nowS),
          nowS,
        ),
      );
    } catch (error) {
      if (!(error instanceof SupplierError)) throw error;
      throw new HttpProblem(error.retryable ? 502 : 409, offerReadFailure(error));
    }
  });
}

/** The 1688 offer id of what an operator typed, or a 422 saying what is expected. */
export function featuredOfferId(text: string): string {
  const offerId = offerIdOf(text);
  if (!offerId) {
    throw new HttpProblem(
      422,
      '请填写1688商品链接或商品ID，例如 https://detail.1688.com/offer/610000000001.html',
    );
  }
  return offerId;
}
