import { TextInput, type TextInputProps } from '@mantine/core';

/** Keeps the digits of a US number and writes them as 312-555-0142 while typing. */
export function formatUsPhone(value: string): string {
  const digits = value
    .replace(/\D/g, '')
    .replace(/^1(?=\d{10})/, '')
    .slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

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
