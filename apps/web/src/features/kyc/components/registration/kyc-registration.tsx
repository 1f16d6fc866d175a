import { Alert, Anchor, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { KYC_STEPS, kycFormSchema, type KycStep, type PersonalInfoResponse } from '@qmgt/contracts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useSessionStore } from '@/lib/session-store';
import { useDraftAutosave } from '@/lib/use-draft-autosave';
import { usePersonal } from '../../api/get-personal';
import { useSaveDraftPersonal } from '../../api/save-draft-personal';
import { useSubmitPersonalInfo } from '../../api/submit-personal-info';
import { PictureUploader } from '../picture-uploader';
import { firstIncompleteStep, STEP_TITLES, stepOfField, stepValues, type StepValues } from './kyc-fields';
import { KycStepForm } from './kyc-step-form';

/** Navigation inside the form says so, which tells a deliberate "Back" from a fresh visit. */
type RegistrationNavState = { withinForm?: boolean };

const SMALL_SCREEN = '(max-width: 36em)';

/**
 * /Registration/{step}: the KYC form of SPEC.md section 3 in four steps (step 1-4 in the URL,
 * its index in the store's `currentStep`). Each step is checked by its own schema and saved as
 * a draft on every step change (and shortly after typing stops), so leaving or reloading loses
 * nothing; the last step submits the whole form.
 */
export function KycRegistration({ stepParam }: { stepParam: string | undefined }) {
  const personal = usePersonal();
  const isVerified = useSessionStore((s) => s.info?.kycVerified === 'Verified');

  if (isVerified) {
    return (
      <Alert color="teal" variant="light" title="Your identity is verified" maw={640} role="status">
        Your personal details can no longer be changed here. If something has changed, please{' '}
        <Anchor component={Link} to={paths.support.to()}>
          contact support
        </Anchor>
        .
      </Alert>
    );
  }
  if (personal.isPending) {
    return <LoadingStatus textSize="md">Loading your details…</LoadingStatus>;
  }
  if (personal.isError) {
    return <LoadFailure title="Your details could not be loaded" query={personal} maw={640} />;
  }
  return <RegistrationSteps stepParam={stepParam} saved={personal.data} />;
}

function RegistrationSteps({ stepParam, saved }: { stepParam: string | undefined; saved: PersonalInfoResponse }) {
  const navigate = useNavigate();
  const location = useLocation();
  const withinForm = Boolean((location.state as RegistrationNavState | null)?.withinForm);
  const setCurrentStep = useSessionStore((s) => s.setCurrentStep);
  const small = useMediaQuery(SMALL_SCREEN) ?? false;

  const requested = Number(stepParam);
  const reachable = Math.min(firstIncompleteStep(saved.form), KYC_STEPS.length - 1);
  const savedStep = Math.min(Math.max(saved.currentStep, 0), reachable);
  const index = Number.isInteger(requested) && requested >= 1 && requested <= KYC_STEPS.length ? requested - 1 : -1;

  // A fresh visit to step 1 resumes where the draft was left; typed URLs cannot skip unchecked steps.
  let redirect: number | null = null;
  if (index === -1) redirect = savedStep;
  else if (index > reachable) redirect = reachable;
  else if (index === 0 && !withinForm && !saved.submittedAt && savedStep > 0) redirect = savedStep;

  useEffect(() => {
    if (redirect === null && index >= 0) setCurrentStep(index);
  }, [redirect, index, setCurrentStep]);

  if (redirect !== null) {
    return <Navigate to={paths.registrationStep.to(redirect + 1)} replace state={{ withinForm: true }} />;
  }

  const step = KYC_STEPS[index] as KycStep;
  const goTo = (target: number) =>
    navigate(paths.registrationStep.to(target + 1), { state: { withinForm: true } satisfies RegistrationNavState });

  return (
    <Stack gap="lg">
      {saved.submittedAt ? (
        <Alert color="teal" variant="light" title="Details submitted" role="status">
          You sent your details on {formatDateTime(saved.submittedAt)}. You can correct them and submit again, or{' '}
          <Anchor component={Link} to={paths.kycVerification.to()}>
            continue with the identity check
          </Anchor>
          .
        </Alert>
      ) : null}
      <Stepper
        active={index}
        onStepClick={(target) => void goTo(target)}
        allowNextStepsSelect={false}
        size={small ? 'xs' : 'sm'}
      >
        {KYC_STEPS.map((key, i) => (
          <Stepper.Step
            key={key}
            label={small ? undefined : STEP_TITLES[key].label}
            // Small screens show the number only: the step is named for a screen reader there.
            aria-label={small ? `Step ${i + 1}: ${STEP_TITLES[key].title}` : undefined}
            allowStepSelect={i <= reachable && i !== index}
          />
        ))}
      </Stepper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <StepPanel key={step} step={step} index={index} saved={saved} goTo={goTo} focusOnMount={withinForm} />
      </Paper>
    </Stack>
  );
}

type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string };

function StepPanel({
  step,
  index,
  saved,
  goTo,
  focusOnMount,
}: {
  step: KycStep;
  index: number;
  saved: PersonalInfoResponse;
  goTo: (index: number) => Promise<void> | void;
  /** After Next/Back, focus goes to the new step's heading so keyboard and screen-reader users follow. */
  focusOnMount: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  const navigate = useNavigate();
  const saveDraft = useSaveDraftPersonal();
  const submit = useSubmitPersonalInfo();
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [problem, setProblem] = useState<ReactNode>(null);
  const [initialValues] = useState(() => stepValues(step, saved.form));
  const isLast = index === KYC_STEPS.length - 1;
  const title = STEP_TITLES[step].title;

  const autosave = useCallback(
    (fields: StepValues) => {
      setSaveState({ kind: 'saving' });
      saveDraft.mutate(
        { fields },
        {
          onSuccess: () => setSaveState({ kind: 'saved', at: new Date() }),
          onError: (error) =>
            setSaveState({ kind: 'failed', message: errorMessage(error, 'Your draft could not be saved.') }),
        },
      );
    },
    [saveDraft],
  );
  const { schedule, cancel } = useDraftAutosave(autosave);

  /** Saves this step (and where the client goes next), then moves there; a failed save stays here. */
  const saveAndGo = async (fields: StepValues, target: number) => {
    cancel();
    setProblem(null);
    setSaveState({ kind: 'saving' });
    try {
      await saveDraft.mutateAsync({ fields, currentStep: target });
    } catch (error) {
      setSaveState({ kind: 'failed', message: errorMessage(error, 'Your draft could not be saved.') });
      setProblem(errorMessage(error, 'Your draft could not be saved. Please try again.'));
      return;
    }
    await goTo(target);
  };

  const submitAll = async (fields: StepValues) => {
    cancel();
    setProblem(null);
    const whole = kycFormSchema.safeParse({ ...saved.form, ...fields });
    if (!whole.success) {
      const issue = whole.error.issues[0];
      const stepIndex = stepOfField(String(issue?.path[0] ?? ''));
      setProblem(
        <Group gap="xs">
          <Text size="sm">{issue?.message ?? 'Some details are missing.'}</Text>
          {stepIndex >= 0 && stepIndex !== index ? (
            <Button size="compact-xs" variant="light" onClick={() => void saveAndGo(fields, stepIndex)}>
              Go to step {stepIndex + 1}
            </Button>
          ) : null}
        </Group>,
      );
      return;
    }
    try {
      await submit.mutateAsync(whole.data);
    } catch (error) {
      setProblem(errorMessage(error, 'Your details could not be submitted. Please try again.'));
      return;
    }
    notifySuccess('Your personal details have been submitted.');
    await navigate(paths.kycVerification.to());
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Step {index + 1} of {KYC_STEPS.length}
          </Text>
          <DraftStatus state={saveState} />
        </Group>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
      </Stack>
      <KycStepForm
        step={step}
        initialValues={initialValues}
        onChange={schedule}
        onValid={(values) => void (isLast ? submitAll(values) : saveAndGo(values, index + 1))}
        onBack={index > 0 ? (values) => void saveAndGo(values, index - 1) : undefined}
        busy={saveDraft.isPending || submit.isPending}
        submitLabel={isLast ? 'Submit' : 'Next'}
        problem={problem}
      >
        {step === 'personal' ? (
          <PictureUploader
            profileLink={saved.profileLink}
            fallback={`${saved.form.firstName?.[0] ?? ''}${saved.form.lastName?.[0] ?? ''}`.toUpperCase()}
            upload={(profilePicture, onProgress) => saveDraft.mutateAsync({ profilePicture, onProgress })}
          />
        ) : null}
      </KycStepForm>
    </Stack>
  );
}

function DraftStatus({ state }: { state: SaveState }) {
  let text = '';
  let color = 'dimmed';
  if (state.kind === 'saving') text = 'Saving draft…';
  if (state.kind === 'saved')
    text = `Draft saved at ${state.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  if (state.kind === 'failed') {
    text = `Draft not saved: ${state.message}`;
    color = 'red';
  }
  return (
    <Text size="xs" c={color} aria-live="polite">
      {text}
    </Text>
  );
}
