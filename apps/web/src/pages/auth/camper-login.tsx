import { LoginForm } from '../../components/auth/login-form.tsx';

export default function CamperLogin() {
  return (
    <LoginForm
      userType="camper"
      title="Camper Login"
      links={{ register: '/camper/register', forgotPassword: '/camper/forgotpassword' }}
    />
  );
}
