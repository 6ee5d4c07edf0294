/** The creator's avatar: their picture, else the first character of their nickname, else a person icon. */
import { Avatar } from '@arco-design/web-react';
import { IconUser } from '@arco-design/web-react/icon';
import { THEME_COLOR, type UserInfo } from '@cc/contracts';

interface UserAvatarProps {
  user: Pick<UserInfo, 'avatar_url' | 'nickname'> | undefined;
  size?: number;
}

export function UserAvatar({ user, size = 32 }: UserAvatarProps) {
  // Array.from keeps a surrogate pair (an emoji nickname) whole.
  const initial = user ? Array.from(user.nickname.trim())[0] : undefined;
  return (
    <Avatar size={size} style={{ backgroundColor: user?.avatar_url ? undefined : THEME_COLOR }}>
      {user?.avatar_url ? <img src={user.avatar_url} alt={user.nickname} /> : (initial ?? <IconUser />)}
    </Avatar>
  );
}
