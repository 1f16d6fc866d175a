import {
  IconArrowsExchange,
  IconBuildingBank,
  IconCoin,
  IconCreditCard,
  IconGift,
  IconGiftCard,
  IconLayoutDashboard,
  IconMail,
  IconSend,
  IconSpeakerphone,
  IconStack2,
  IconTransferIn,
  IconTruckDelivery,
  IconUser,
  IconUserShield,
  IconUsersGroup,
  IconBuildingStore,
  IconDiamond,
  IconFileText,
  IconPigMoney,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';

export type SidebarLink = {
  label: string;
  to: string;
  icon: Icon;
  /** Shown only to clients with an upline (QMGT + staking). */
  requiresUpline?: boolean;
};

export type SidebarGroup = { label: string | null; links: SidebarLink[] };

/** The sidebar of SPEC.md section 2 "Layout", in its order and with its groups. */
export const sidebarGroups: SidebarGroup[] = [
  {
    label: null,
    links: [
      { label: 'Dashboard', to: paths.dashboard.to(), icon: IconLayoutDashboard },
      { label: 'My Profile', to: paths.myProfile.to(), icon: IconUser },
      { label: 'My Reward Center', to: paths.myRewardCenter.to(), icon: IconGift },
      { label: 'My Affiliates', to: paths.myAffiliates.to(), icon: IconUsersGroup },
    ],
  },
  {
    label: 'Gold Convert services',
    links: [
      { label: 'Remit to Save', to: paths.remitToSave.to(), icon: IconSend },
      { label: 'Gift Gold', to: paths.gifts.to(), icon: IconGiftCard },
      { label: 'Spend To Save', to: paths.payment.to(), icon: IconCreditCard },
      { label: 'QMGT +', to: paths.stakingNav.to(), icon: IconPigMoney, requiresUpline: true },
      { label: 'GDS', to: paths.gesNav.to(), icon: IconBuildingStore },
    ],
  },
  {
    label: 'Compliance',
    links: [
      { label: 'Nominee', to: paths.nominee.to(), icon: IconUserShield },
      { label: 'Bank Verification', to: paths.bankVerification.to(), icon: IconBuildingBank },
    ],
  },
  {
    label: 'My Assets',
    links: [
      { label: 'QMGT', to: paths.transactionsBuySell.to(), icon: IconCoin },
      { label: 'Convert', to: paths.transactionsConvert.to(), icon: IconArrowsExchange },
      { label: 'GAE', to: paths.transactionsGae.to(), icon: IconDiamond },
      { label: 'GAEX', to: paths.transactionsGaex.to(), icon: IconStack2 },
      { label: 'USDAU Request External', to: paths.requestExternalUsdau.to(), icon: IconTransferIn },
      { label: 'Physical Redemption', to: paths.redemptions.to(), icon: IconTruckDelivery },
      { label: 'Annual Statement', to: paths.annualStatement.to(), icon: IconFileText },
    ],
  },
  {
    label: 'More',
    links: [
      { label: 'Announcements', to: paths.announcements.to(), icon: IconSpeakerphone },
      { label: 'Contact Us', to: paths.contactUs.to(), icon: IconMail },
    ],
  },
];
