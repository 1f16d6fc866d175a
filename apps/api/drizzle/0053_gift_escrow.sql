-- Gift gold (decision 021): grams gifted to an address with no verified customer wait in a
-- platform account of their own, a liability held for that address until it is claimed or
-- returned. Its own migration: a new enum value cannot be used in the transaction adding it.
ALTER TYPE "account_purpose" ADD VALUE IF NOT EXISTS 'gift_escrow';
