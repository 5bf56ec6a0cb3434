import { RegisterForm } from '../../components/auth/register-form.tsx';

export default function CamperRegister() {
  return <RegisterForm userType="camper" />;
}
