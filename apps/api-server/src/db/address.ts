import { ADDRESSES_MAX, type Address, type AddressKind } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem } from '../http/respond';
import type { Saved } from './log';
import { inTransaction, notFound, type Scope, staleRecord } from './scope';

/**
 * 发货地址: the account's sender and return addresses. At most one default per account and kind (a
 * partial unique index, migration 0007), and exactly one while any address of the kind exists: the
 * first of a kind becomes the default, making another the default moves it, and deleting the default
 * passes it to the newest remaining address. 发货 copies the chosen sender address into the order.
 */

const ADDRESS_SELECT = 'id, kind, name, mobile, region, address, is_default, version';

/** Every address of the account (or of one kind): defaults first, then newest first. */
export function listAddresses(scope: Scope, kind?: AddressKind): Promise<Address[]> {
  return scope.db.query<Address>(
    `SELECT ${ADDRESS_SELECT} FROM addresses WHERE account_id = $1 AND ($2::text IS NULL OR kind = $2)
     ORDER BY kind DESC, is_default DESC, id DESC`,
    [scope.accountId, kind ?? null],
  );
}

async function addressById(scope: Scope, id: number): Promise<Address | undefined> {
  const [row] = await scope.db.query<Address>(
    `SELECT ${ADDRESS_SELECT} FROM addresses WHERE id = $1 AND account_id = $2`,
    [id, scope.accountId],
  );
  return row;
}

/** A sender address of the account, or undefined. */
export async function senderAddressById(scope: Scope, id: number): Promise<Address | undefined> {
  const row = await addressById(scope, id);
  return row?.kind === 'sender' ? row : undefined;
}

/** The account's default address of a kind, or undefined when it has none. */
export async function defaultAddress(scope: Scope, kind: AddressKind): Promise<Address | undefined> {
  const [row] = await scope.db.query<Address>(
    `SELECT ${ADDRESS_SELECT} FROM addresses WHERE account_id = $1 AND kind = $2 AND is_default`,
    [scope.accountId, kind],
  );
  return row;
}

/** Makes the newest address of a kind the default when the kind has none (after a delete or a move). */
async function ensureDefault(tx: Scope, kind: AddressKind) {
  await tx.db.query(
    `UPDATE addresses SET is_default = true, version = version + 1
     WHERE id = (SELECT id FROM addresses WHERE account_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM addresses WHERE account_id = $1 AND kind = $2 AND is_default)`,
    [tx.accountId, kind],
  );
}

/**
 * Serialises the address writes of one account (till the transaction ends): the count, the default's
 * move and the write must see each other's results, or two first addresses (or two "make default"
 * saves) at once both became the default and one broke the unique default index with a 500.
 */
async function lockAddresses(tx: Scope) {
  await tx.db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`addresses:${tx.accountId}`]);
}

/**
 * Creates or updates (at `body.version`, else 409) an address, in one transaction with the move of
 * the default. Clearing `is_default` on the default changes nothing: another address is made the
 * default instead.
 */
export function saveAddress(
  scope: Scope,
  body: BodyOf<'/api/address/save'>,
  now: number,
): Promise<Saved<Address>> {
  return inTransaction(scope, async (tx) => {
    await lockAddresses(tx);
    const before = body.id ? await addressById(tx, body.id) : null;
    if (body.id && !before) throw notFound();
    const [{ n } = { n: 0 }] = await tx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM addresses WHERE account_id = $1 AND kind = $2 AND id <> $3',
      [tx.accountId, body.kind, body.id ?? 0],
    );
    if (!body.id && n >= ADDRESSES_MAX) throw new HttpProblem(422, `每类地址最多 ${ADDRESSES_MAX} 条`);
    const keepsDefault = before?.is_default === true && before.kind === body.kind;
    const isDefault = n === 0 || body.is_default === true || keepsDefault;
    if (isDefault) {
      await tx.db.query(
        `UPDATE addresses SET is_default = false, version = version + 1
         WHERE account_id = $1 AND kind = $2 AND is_default AND id <> $3`,
        [tx.accountId, body.kind, body.id ?? 0],
      );
    }
    const values = [
      body.kind,
      body.name,
      body.mobile,
      body.region,
      body.address,
      isDefault,
      now,
      tx.accountId,
    ];
    const [row] = body.id
      ? await tx.db.query<Address>(
          `UPDATE addresses SET kind = $1, name = $2, mobile = $3, region = $4, address = $5, is_default = $6,
             updated_at = $7, version = version + 1
           WHERE id = $9 AND account_id = $8 AND version = $10 RETURNING ${ADDRESS_SELECT}`,
          [...values, body.id, body.version],
        )
      : await tx.db.query<Address>(
          `INSERT INTO addresses (kind, name, mobile, region, address, is_default, created_at, updated_at, account_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) RETURNING ${ADDRESS_SELECT}`,
          values,
        );
    if (!row) throw staleRecord();
    // Moved to the other kind: the kind it left keeps a default.
    if (before && before.kind !== row.kind) await ensureDefault(tx, before.kind);
    return {
      row,
      change: { target: { type: 'address', id: row.id, name: row.name }, before: before ?? null, after: row },
    };
  });
}

/** Deletes an address of the account; the default passes to the newest remaining one of its kind. */
export function deleteAddress(scope: Scope, id: number): Promise<Saved<{ id: number }>> {
  return inTransaction(scope, async (tx) => {
    await lockAddresses(tx);
    const before = await addressById(tx, id);
    if (!before) throw notFound();
    await tx.db.query('DELETE FROM addresses WHERE id = $1 AND account_id = $2', [id, tx.accountId]);
    await ensureDefault(tx, before.kind);
    return {
      row: { id },
      change: { target: { type: 'address', id, name: before.name }, before, after: null },
    };
  });
}
