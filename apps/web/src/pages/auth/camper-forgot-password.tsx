import { ForgotPasswordForm } from '../../components/auth/forgot-password-form.tsx';

export default function CamperForgotPassword() {
  return <ForgotPasswordForm userType="camper" />;
}
