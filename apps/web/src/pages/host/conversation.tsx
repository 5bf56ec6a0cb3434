import { ConversationPage } from '../../components/conversations/conversation-page.tsx';

export default function HostConversation() {
  return <ConversationPage side="host" />;
}
