import { useParams } from 'react-router-dom';

// The :id of an entity route; the route guard already refused ids that are not whole numbers (SPEC §5).
export function useEntityId(): number {
  const { id } = useParams();
  return Number(id);
}
