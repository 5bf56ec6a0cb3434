import { messages } from '@campwise/contract/messages';
import { CONSENT_VERSION, type NewOrgFields, newOrgFields } from '@campwise/contract/orgs';
import { Alert, Box, Button, Divider, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useCreateOrg } from '../../api/orgs.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { FormProblem } from '../../components/form-alert.tsx';
import { missesRequiredField, validateWith } from '../../components/forms/field-errors.ts';
import { ImageFileInput } from '../../components/image-file-input.tsx';
import { focusFirstError } from '../../components/orgs/focus-first-error.ts';
import {
  AboutFields,
  ContactFields,
  LocationFields,
  NameField,
  type OrgFormField,
  requiredOrgLabels,
  useTimeZoneFollowingZip,
} from '../../components/orgs/org-fields.tsx';
import classes from './new-org-modal.module.css';

type NewOrgValues = Record<keyof NewOrgFields, string>;

const emptyOrg: NewOrgValues = {
  name: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  timeZone: '',
  phone: '',
  website: '',
  bio: '',
  contactName: '',
  contactNumber: '',
  contactEmail: '',
};

const formFields = new Set<string>(Object.keys(emptyOrg));

const newOrgLabels = requiredOrgLabels(true);

/** The host agrees to a background check before the organization is sent for review. */
function ConsentText({ orgName, contactName }: { orgName: string; contactName: string }) {
  return (
    <Stack gap="sm">
      <Text>
        Before <strong>{orgName}</strong> can be listed on Campwise, we run a background check on the
        organization and on its contact person, <strong>{contactName}</strong>.
      </Text>
      <Title order={3} fz="md">
        What we check
      </Title>
      <List spacing={4}>
        <List.Item>
          That the organization exists at the address you gave, and that its phone number, website and contact
          email belong to it.
        </List.Item>
        <List.Item>
          A criminal record and sex offender registry check of the contact person, through an accredited
          screening provider.
        </List.Item>
      </List>
      <Title order={3} fz="md">
        Why
      </Title>
      <Text>
        Families trust Campwise to list only genuine organizations that are safe for children. The result is
        used only to decide whether the organization is approved.
      </Text>
      <Text size="sm" c="gray.7">
        By choosing Approve you confirm that you may act for this organization and that its contact person has
        agreed to the check. Campwise keeps a record of this consent with the date you gave it and the version
        of this text (version {CONSENT_VERSION}). Choosing Deny takes you back to the form; nothing is sent.
      </Text>
    </Stack>
  );
}

/**
 * New Organization, then Verification Consent (docs/product-spec.md, section 4): Add Organization checks the
 * required fields and opens the consent; Approve submits, Deny returns to the form.
 */
export function NewOrgModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateOrg();
  const [step, setStep] = useState<'form' | 'consent'>('form');
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<NewOrgValues>({
    initialValues: emptyOrg,
    validate: validateWith(newOrgFields, newOrgLabels),
  });

  const pickedTimeZone = useTimeZoneFollowingZip(form);
  const field = (name: OrgFormField) =>
    name === 'timeZone'
      ? pickedTimeZone(form.getInputProps('timeZone'))
      : form.getInputProps(name === 'contactPhone' ? 'contactNumber' : name);

  const close = () => {
    if (create.isPending) return;
    setStep('form');
    create.reset();
    onClose();
  };

  const review = form.onSubmit(
    () => {
      setFormError(null);
      create.reset();
      setStep('consent');
    },
    (errors) => {
      setFormError(missesRequiredField(errors, newOrgLabels) ? messages.requiredFields : null);
      focusFirstError(formRef.current);
    },
  );

  const approve = () => {
    create.mutate(
      { fields: form.getValues(), thumbnail, consentVersion: CONSENT_VERSION },
      {
        onSuccess: () => {
          notifications.show({
            color: 'leaf',
            title: 'Organization added',
            message: `${form.getValues().name.trim()} is now waiting for review. We will email you when it has been reviewed.`,
          });
          form.reset();
          setThumbnail(null);
          setFormError(null);
          setStep('form');
          create.reset();
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          const formErrors = Object.fromEntries(
            Object.entries(fields).filter(([name]) => formFields.has(name)),
          );
          if (fields.thumbnail) setThumbnailError(fields.thumbnail);
          // Problems with what was typed are fixed on the form, so show them there.
          if (Object.keys(formErrors).length > 0 || fields.thumbnail) {
            form.setErrors(formErrors);
            setFormError(error.message);
            setStep('form');
            focusFirstError(formRef.current);
          }
        },
      },
    );
  };

  const values = form.getValues();
  const sending = create.isPending;

  return (
    <>
      <AppModal opened={opened && step === 'form'} onClose={close} title="New Organization">
        <form noValidate onSubmit={review} ref={formRef}>
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              Fields marked * are required. New organizations are reviewed by our team before they are listed.
            </Text>
            <FormProblem message={formError} />
            <NameField field={field} />
            <LocationFields field={field} />
            <AboutFields field={field} />
            <Divider
              mt="xs"
              labelPosition="left"
              label={
                <Text fw={700} c="dark">
                  Contact person
                </Text>
              }
            />
            <ContactFields field={field} contactRequired />
            <ImageFileInput
              label="Thumbnail"
              description="Optional. JPEG, PNG or WebP, up to 10 MB; shown at 4:3"
              value={thumbnail}
              onChange={(file) => {
                setThumbnailError(null);
                setThumbnail(file);
              }}
              error={thumbnailError}
            />
            <Box className={classes.footer}>
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" color="sun">
                  Add Organization
                </Button>
              </Group>
            </Box>
          </Stack>
        </form>
      </AppModal>

      <AppModal
        opened={opened && step === 'consent'}
        onClose={() => {
          if (!sending) setStep('form');
        }}
        title="Verification Consent"
        size="md"
      >
        <Stack gap="md">
          <ConsentText orgName={values.name.trim()} contactName={values.contactName.trim()} />
          {create.error ? (
            <Alert color="red" variant="light" role="alert">
              {create.error.message}
            </Alert>
          ) : null}
          {sending ? (
            <Stack gap={4}>
              <Text size="sm">
                {create.progress !== null && create.progress < 1
                  ? `Sending ${thumbnail ? 'your organization and its thumbnail' : 'your organization'}…`
                  : 'Saving…'}
              </Text>
              <Progress
                value={Math.round((create.progress ?? 0) * 100)}
                aria-label="Upload progress"
                animated
                striped
              />
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')} disabled={sending}>
              Deny
            </Button>
            <Button color="sun" onClick={approve} loading={sending}>
              Approve
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
