import { ConversationPage } from '../../components/conversations/conversation-page.tsx';

export default function FamilyConversation() {
  return <ConversationPage side="camper" />;
}
