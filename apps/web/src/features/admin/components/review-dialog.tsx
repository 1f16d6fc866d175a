import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { operatorReviewFieldsSchema, type AdminApplicant, type OperatorReviewRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { reviewKycApplicantMutation } from '../api/admin-api';

export type ReviewIntent = { applicant: AdminApplicant; answer: 'GREEN' | 'RED' };

/**
 * The API's rule (a rejection says whether they may retry) in the reviewer's words: the API's
 * own message names its fields ("reviewRejectType RETRY or FINAL"), which is for programs.
 */
const reviewFormSchema = operatorReviewFieldsSchema.refine(
  (v) => v.reviewAnswer === 'GREEN' || v.reviewRejectType !== undefined,
  { message: 'Choose whether they may try again.', path: ['reviewRejectType'] },
);

type FormInput = z.input<typeof reviewFormSchema>;

/**
 * The confirmation before a decision: approving, or rejecting with RETRY (the customer may
 * upload again) or FINAL, with an optional comment the customer sees as the reason. `intent`
 * stays set while the dialog closes: without a title the closing dialog had no name (axe).
 */
export function ReviewDialog({
  intent,
  opened,
  onClose,
}: {
  intent: ReviewIntent | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened && intent !== null}
      onClose={onClose}
      centered
      title={
        intent
          ? intent.answer === 'GREEN'
            ? `Approve ${intent.applicant.username}?`
            : `Reject ${intent.applicant.username}?`
          : 'Review'
      }
    >
      {/* Mounted while open only: the next opening starts with an empty form. */}
      {opened && intent ? (
        <ReviewForm key={`${intent.applicant.id}-${intent.answer}`} intent={intent} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ReviewForm({ intent, onClose }: { intent: ReviewIntent; onClose: () => void }) {
  const review = useMutation(reviewKycApplicantMutation());
  const { applicant, answer } = intent;
  const form = useForm<FormInput, unknown, OperatorReviewRequest>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { reviewAnswer: answer, moderationComment: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((decision) => {
    const body: OperatorReviewRequest = {
      reviewAnswer: decision.reviewAnswer,
      ...(decision.reviewAnswer === 'RED' ? { reviewRejectType: decision.reviewRejectType } : {}),
      ...(decision.moderationComment ? { moderationComment: decision.moderationComment } : {}),
    };
    review.mutate(
      { applicantId: applicant.id, decision: body },
      {
        onSuccess: () => {
          notifySuccess(
            answer === 'GREEN'
              ? `${applicant.username} is approved.`
              : `${applicant.username} is rejected (${body.reviewRejectType === 'FINAL' ? 'final' : 'may retry'}).`,
          );
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {applicant.email}
        </Text>
        {answer === 'GREEN' ? (
          <Text size="sm">
            Their status becomes Verified and every service opens for them. Check both documents before approving.
          </Text>
        ) : (
          <Controller
            control={form.control}
            name="reviewRejectType"
            render={({ field }) => (
              <Radio.Group
                label="Can they try again?"
                required
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value)}
                error={errors.reviewRejectType?.message}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="RETRY" label="Yes: they may upload new documents" />
                  <Radio value="FINAL" label="No: the rejection is final" />
                </Stack>
              </Radio.Group>
            )}
          />
        )}
        <Textarea
          label={answer === 'GREEN' ? 'Note (optional)' : 'Reason shown to the customer (optional)'}
          autosize
          minRows={2}
          maxLength={500}
          error={errors.moderationComment?.message}
          {...form.register('moderationComment')}
        />
        {review.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(review.error, 'The decision could not be saved.')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={review.isPending}>
            Cancel
          </Button>
          <Button type="submit" color={answer === 'GREEN' ? 'teal' : 'red'} loading={review.isPending}>
            {answer === 'GREEN' ? 'Approve' : 'Reject'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
