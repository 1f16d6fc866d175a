/*
 * The reserves module's public surface. A money operation that takes metal out of the vault (a
 * physical redemption delivered) calls the SQL helper sql/vault_bar_reduce.sql in its own
 * transaction, then asks the service for a new snapshot.
 */
export { createReservesService, type ReservesService } from './reserves.service.js';
