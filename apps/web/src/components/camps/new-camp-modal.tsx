import { newCampBody } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import type { HostOrg } from '@campwise/contract/orgs';
import {
  Box,
  Button,
  Divider,
  Group,
  Loader,
  LoadingOverlay,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { type NewCampImages, useCheckDuplicateCamp, useCreateCamp } from '../../api/camps.ts';
import { ApiError } from '../../api/client.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';
import { ImageFileInput } from '../image-file-input.tsx';
import { focusFirstError } from '../orgs/focus-first-error.ts';
import {
  CampBasicsFields,
  CampCapacityFields,
  CampLocationFields,
  CampScheduleFields,
} from './camp-fields.tsx';
import { type CampFormValues, type CampProblems, checkCamp, emptyCamp, serverProblems } from './camp-form.ts';
import classes from './new-camp-modal.module.css';

const noImages: NewCampImages = { thumbnail: null, campImage1: null, campImage2: null, campImage3: null };

const imageInputs: { name: keyof NewCampImages; label: string; description: string }[] = [
  {
    name: 'thumbnail',
    label: 'Thumbnail*',
    description: 'Shown on camp cards at 4:3. JPEG, PNG or WebP, up to 10 MB',
  },
  { name: 'campImage1', label: 'Camp Image 1', description: 'Optional. JPEG, PNG or WebP, up to 10 MB' },
  { name: 'campImage2', label: 'Camp Image 2', description: 'Optional. JPEG, PNG or WebP, up to 10 MB' },
  { name: 'campImage3', label: 'Camp Image 3', description: 'Optional. JPEG, PNG or WebP, up to 10 MB' },
];

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider
        mt="xs"
        labelPosition="left"
        label={
          <Title order={3} fz="md" c="dark">
            {title}
          </Title>
        }
      />
      {children}
    </>
  );
}

/** While the camp and its photos go up the dialog is closed and this covers the page. */
function SavingOverlay({ progress }: { progress: number | null }) {
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <LoadingOverlay
      visible
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 0.6, blur: 2 }}
      loaderProps={{
        children: (
          <Stack
            align="center"
            gap="sm"
            p="xl"
            bg="white"
            w={300}
            maw="90vw"
            style={{ borderRadius: 'var(--mantine-radius-lg)', boxShadow: 'var(--mantine-shadow-md)' }}
          >
            <Loader aria-hidden />
            <Text fw={700} size="lg" role="status">
              Saving...
            </Text>
            <Progress value={percent} w="100%" aria-label="Upload progress" striped animated />
            <Text size="sm" c="gray.7">
              {percent < 100 ? `${percent}% uploaded` : 'Finishing up'}
            </Text>
          </Stack>
        ),
      }}
    />
  );
}

interface NewCampModalProps {
  org: HostOrg;
  opened: boolean;
  onClose: () => void;
}

/**
 * New Camp (docs/product-spec.md, section 4): validate, check for a duplicate, then close the dialog and show
 * the saving overlay while the camp, its categories and photos are created in one call. A
 * server error brings the dialog back with the problem.
 */
export function NewCampModal({ org, opened, onClose }: NewCampModalProps) {
  const duplicateCheck = useCheckDuplicateCamp();
  const create = useCreateCamp(org.id);
  const form = useForm<CampFormValues>({ initialValues: emptyCamp });
  const [images, setImages] = useState<NewCampImages>(noImages);
  const [imageErrors, setImageErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  const showProblems = (problems: CampProblems) => {
    form.setErrors(problems.fields);
    setImageErrors(problems.other);
    setBanner(problems.banner);
    if (Object.keys(problems.fields).length > 0) focusFirstError(formRef.current);
    else requestAnimationFrame(() => bannerRef.current?.scrollIntoView({ block: 'nearest' }));
  };

  const close = () => {
    if (duplicateCheck.isPending || create.isPending) return;
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.getValues();
    const problems = checkCamp(newCampBody, values, messages.campRequiredFields);
    if (problems) {
      showProblems(problems);
      return;
    }
    form.clearErrors();
    setImageErrors({});
    setBanner(null);

    let duplicate: boolean;
    try {
      duplicate = await duplicateCheck.mutateAsync({ name: values.name, phone: values.phone });
    } catch (error) {
      showProblems({
        fields: {},
        other: {},
        banner: error instanceof Error ? error.message : messages.tryAgain,
      });
      return;
    }
    if (duplicate) {
      // Name and phone make a camp a duplicate; the name is the one to change.
      showProblems({ fields: { name: messages.duplicateCamp }, other: {}, banner: null });
      return;
    }

    create.mutate(
      { fields: values, images },
      {
        onSuccess: () => {
          notifications.show({
            color: 'leaf',
            title: 'Camp added',
            message: `${values.name.trim()} is now on your camps list.`,
          });
          form.reset();
          setImages(noImages);
          onClose();
        },
        onError: (error) =>
          showProblems(
            serverProblems(
              error.message,
              error instanceof ApiError ? error.fields : undefined,
              values,
              messages.campRequiredFields,
            ),
          ),
      },
    );
  };

  const saving = create.isPending;

  return (
    <>
      <AppModal opened={opened && !saving} onClose={close} title="New Camp" size="xl">
        <form noValidate onSubmit={submit} ref={formRef}>
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              Fields marked * are required. Families see the camp once it is saved.
            </Text>
            {banner ? (
              <div ref={bannerRef}>
                <FormProblem message={banner} />
              </div>
            ) : null}
            <CampBasicsFields form={form} />
            <Part title="Location and contact">
              <CampLocationFields form={form} org={org} />
            </Part>
            <Part title="Dates and ages">
              <CampScheduleFields form={form} />
            </Part>
            <Part title="Cost and spots">
              <CampCapacityFields form={form} />
            </Part>
            <Part title="Photos">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {imageInputs.map((input) => (
                  <ImageFileInput
                    key={input.name}
                    label={input.label}
                    description={input.description}
                    value={images[input.name]}
                    onChange={(file) => {
                      setImageErrors(({ [input.name]: _cleared, ...rest }) => rest);
                      setImages((current) => ({ ...current, [input.name]: file }));
                    }}
                    error={imageErrors[input.name]}
                  />
                ))}
              </SimpleGrid>
            </Part>
            <Box className={classes.footer}>
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" color="sun" loading={duplicateCheck.isPending}>
                  Add Camp
                </Button>
              </Group>
            </Box>
          </Stack>
        </form>
      </AppModal>
      {saving ? <SavingOverlay progress={create.progress} /> : null}
    </>
  );
}
