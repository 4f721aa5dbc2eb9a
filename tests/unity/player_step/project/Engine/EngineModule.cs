// Stands for an engine module (UnityEngine.CoreModule): a DLL outside the project, in the Editor's Managed folder,
// that the game's scripts reference (UnityPackage_PlayerBuildStep_*, tests/unity/player_step).
namespace FixtureEngine
{
    public class Behaviour
    {
        public virtual void Tick(float dt)
        {
        }
    }

    public struct Vec2
    {
        public float X;
        public float Y;

        public Vec2(float x, float y)
        {
            X = x;
            Y = y;
        }

        public float Manhattan
        {
            get { return System.Math.Abs(X) + System.Math.Abs(Y); }
        }
    }

    public delegate void EngineEvent(Vec2 at);
}
