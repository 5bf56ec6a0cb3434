import { LoginForm } from '../../components/auth/login-form.tsx';

export default function CamperLogin() {
  return (
    <LoginForm
      userType="camper"
      title="Parent sign in"
      links={{ register: '/camper/register', forgotPassword: '/camper/forgotpassword' }}
    />
  );
}
