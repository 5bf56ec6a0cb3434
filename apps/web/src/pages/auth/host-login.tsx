import { LoginForm } from '../../components/auth/login-form.tsx';

export default function HostLogin() {
  return (
    <LoginForm
      userType="host"
      title="Host sign in"
      links={{ register: '/host/register', forgotPassword: '/host/forgotpassword' }}
    />
  );
}
