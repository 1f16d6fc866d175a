import { Text } from '@mantine/core';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { paths } from '@/config/paths';
import { joinGesGroup } from '@/features/ges/api/ges-api';
import { GesAdmin } from '@/features/ges/components/ges-admin';
import { GroupsList } from '@/features/ges/components/groups-list';
import { JoinGroup, type JoinConfirmation } from '@/features/ges/components/join-group';
import { Passbook } from '@/features/ges/components/passbook';
import { selectIsKycVerified, useSessionStore } from '@/lib/session-store';
import { KycTradeNotice } from '../money/kyc-trade-notice';
import { useTransactionFlow } from '../money/use-transaction-flow';

/* Group gold savings (issue 10): the groups, joining, the passbook, the operator's groups. */

/** /ges (also /GES): the groups. */
export function GesRoute() {
  return (
    <>
      <ScreenTitle>GDS</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Save gold with a group: every member pays the same instalment each month and buys grams at that day&apos;s price
        into a passbook. Complete the term for a bonus; three missed instalments end a membership, and the grams saved
        go to your gold savings account.
      </Text>
      <GroupsList />
    </>
  );
}

/** /GES/{groupId}/{documentId}: read the agreement, accept it, pay the first instalment. */
export function GesJoinRoute() {
  const { groupId = '', documentId = '' } = useParams();
  const verified = useSessionStore(selectIsKycVerified);
  const navigate = useNavigate();
  const runTransaction = useTransactionFlow();
  const confirm = useCallback(
    async ({ groupId: id, groupName, documentId: doc, quote, idempotencyKey }: JoinConfirmation) => {
      const outcome = await runTransaction({
        action: 'ges-join',
        submit: () => joinGesGroup({ groupId: id, documentId: doc, quoteId: quote.quoteId, idempotencyKey }),
        description: `Joining ${groupName}: paying the first instalment of ${quote.amountUsdt} USDT.`,
      });
      if (outcome === 'done') void navigate(paths.gesGroup.to(id, groupName, doc));
      return outcome;
    },
    [runTransaction, navigate],
  );
  return (
    <>
      <ScreenTitle>Join GDS Group</ScreenTitle>
      {verified ? <JoinGroup groupId={groupId} documentId={documentId} onConfirm={confirm} /> : <KycTradeNotice />}
    </>
  );
}

/** /GES/{groupId}/{groupName}/{documentId}: the group and the member's passbook. */
export function GesGroupRoute() {
  const { groupId = '' } = useParams();
  return (
    <>
      <ScreenTitle>GDS Group</ScreenTitle>
      <Passbook groupId={groupId} />
    </>
  );
}

/** /admin/ges (operators). */
export function AdminGesRoute() {
  return (
    <>
      <ScreenTitle>GDS Groups</ScreenTitle>
      <Text c="dimmed" mt={-12} mb="lg" maw={720}>
        Create a group as a draft, give it its agreement (pasted, or uploaded as a text or Markdown file) and open it:
        customers join until its start date while seats are left. Closing stops new members; a new agreement version is
        what new members accept. Every change is recorded with your name.
      </Text>
      <GesAdmin />
    </>
  );
}
