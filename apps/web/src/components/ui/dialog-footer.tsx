import { Button, Group } from '@mantine/core';

type DialogFooterProps = {
  /** The confirming button's words ('Save', 'Mark shipped'…). */
  submitLabel: string;
  onCancel: () => void;
  /** The confirming button's action; without it, the button submits the dialog's form. */
  onSubmit?: () => void;
  /** The request is under way: the confirming button spins. */
  busy?: boolean;
  /** The confirming button cannot be pressed yet. */
  disabled?: boolean;
  /** Cancel cannot be pressed (a dialog that must not close while its request runs). */
  cancelDisabled?: boolean;
  /** A destructive confirmation (a rejection) is red. */
  color?: string;
};

/** The Cancel / confirm row at the foot of a back-office dialog. */
export function DialogFooter({
  submitLabel,
  onCancel,
  onSubmit,
  busy,
  disabled,
  cancelDisabled,
  color,
}: DialogFooterProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} color={color} loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
