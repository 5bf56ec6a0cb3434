import { RegisterForm } from '../../components/auth/register-form.tsx';

export default function HostRegister() {
  return <RegisterForm userType="host" />;
}
