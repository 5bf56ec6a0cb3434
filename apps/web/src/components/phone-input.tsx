import { formatUsPhone } from '@campwise/contract/phone';
import { TextInput, type TextInputProps } from '@mantine/core';

type PhoneInputProps = Omit<TextInputProps, 'onChange' | 'value'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/** A text input that masks a US phone number as it is typed (works with form.getInputProps). */
export function PhoneInput({ value = '', onChange, ...props }: PhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="e.g. 312-555-0142"
      {...props}
      value={value}
      onChange={(event) => onChange?.(formatUsPhone(event.currentTarget.value))}
    />
  );
}
