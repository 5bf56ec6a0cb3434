import { ForgotPasswordForm } from '../../components/auth/forgot-password-form.tsx';

export default function HostForgotPassword() {
  return <ForgotPasswordForm userType="host" />;
}
