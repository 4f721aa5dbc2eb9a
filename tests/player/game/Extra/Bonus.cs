// A second game assembly the scripts use but the Player build is not given (tests/player/game/scripts_check.sh).
namespace Arena.Extra
{
    public static class Bonus
    {
        public static int Of(int points) { return points * 2; }
    }
}
