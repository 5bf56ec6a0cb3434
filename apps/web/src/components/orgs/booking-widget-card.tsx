import {
  DEFAULT_WIDGET_COLOR,
  WIDGET_FONT_NAMES,
  WIDGET_FONTS,
  type WidgetFont,
  widgetColor,
  widgetSnippets,
  widgetUrl,
} from '@campwise/contract/booking-widget';
import { messages } from '@campwise/contract/messages';
import {
  Button,
  Card,
  ColorInput,
  CopyButton,
  Grid,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';

/** Colours a host is likely to want, beside their own: Campwise green, and bold and calm ones. */
const SWATCHES = [DEFAULT_WIDGET_COLOR, '#1c7ed6', '#e8590c', '#c2255c', '#7048e8', '#1a1b1e', '#ffd43b'];

const fontOptions = WIDGET_FONT_NAMES.map((name) => ({ value: name, label: WIDGET_FONTS[name].label }));

function Snippet({ label, description, code }: { label: string; description: string; code: string }) {
  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        description={description}
        value={code}
        readOnly
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            size="xs"
            onClick={copy}
            style={{ alignSelf: 'flex-start' }}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          >
            {copied ? 'Copied' : `Copy the ${label.toLowerCase()}`}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/**
 * The booking widget for the host's own website (decision 075): colour and font, a preview of
 * the widget as families will see it, and the snippet to paste.
 */
export function BookingWidgetCard({ orgId, orgName }: { orgId: number; orgName: string }) {
  const [colorText, setColorText] = useState(DEFAULT_WIDGET_COLOR);
  const [font, setFont] = useState<WidgetFont>('system');
  const color = widgetColor(colorText);
  const choice = { color: color ?? DEFAULT_WIDGET_COLOR, font };
  // The preview reloads once typing stops, not on every keystroke.
  const [previewChoice] = useDebouncedValue(choice, 400);
  const origin = window.location.origin;
  const snippets = widgetSnippets(origin, orgId, choice);

  return (
    <Card p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="booking-widget-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3" id="booking-widget-title">
            Booking widget for your website
          </Title>
          <Text c="gray.7" mt={4}>
            Show your upcoming sessions, with places left and prices, on your own site. Families pick a
            session there and pay on Campwise; their bookings count under “Via your site” in Insights.
          </Text>
        </div>
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <ColorInput
                  label="Button color"
                  value={colorText}
                  onChange={setColorText}
                  format="hex"
                  swatches={SWATCHES}
                  swatchesPerRow={7}
                  eyeDropperButtonProps={{ 'aria-label': 'Pick a color from the screen' }}
                  error={color === null ? messages.widgetColorInvalid : undefined}
                />
                <Select
                  label="Font"
                  data={fontOptions}
                  value={font}
                  onChange={(value) => setFont((value as WidgetFont | null) ?? 'system')}
                  allowDeselect={false}
                />
              </SimpleGrid>
              <Snippet
                label="Script tag"
                description="Paste it where the sessions should appear; the widget takes the height it needs."
                code={snippets.script}
              />
              <Snippet
                label="Frame"
                description="For site builders that take no scripts: a frame of a fixed height."
                code={snippets.frame}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap={6}>
              <Text fw={600} size="sm" id="booking-widget-preview">
                Preview
              </Text>
              <iframe
                src={widgetUrl(origin, orgId, previewChoice)}
                title={`Booking widget of ${orgName}, as families see it`}
                aria-describedby="booking-widget-preview"
                style={{
                  width: '100%',
                  height: 420,
                  border: '1px dashed var(--mantine-color-gray-4)',
                  borderRadius: 'var(--mantine-radius-md)',
                  background: 'var(--mantine-color-gray-0)',
                }}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}
