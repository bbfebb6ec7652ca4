import styled from 'styled-components';
import { theme } from './styles/theme';

export const Button = styled.button`
  color: ${theme.primary};
`;

export function Hello() {
  return <Button type="button" title="greeting">Hi</Button>;
}
