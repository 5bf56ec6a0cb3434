import { LoginForm } from '../../components/auth/login-form.tsx';

export default function AdminLogin() {
  return <LoginForm userType="admin" title="Administrator sign in" />;
}
