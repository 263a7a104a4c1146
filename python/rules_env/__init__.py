"""PettingZoo- and Gymnasium-shaped environments over `rules serve` (the @rules board-game engines).

    import rules_env
    env = rules_env.aec_env("donkey-valley", players=4, seed=1)    # PettingZoo AEC
    env = rules_env.gym_env("steamrollers", players=1, seed=1)     # Gymnasium, solo against Olive
    envs = rules_env.vector_env("steamrollers", 64, players=1)     # Gymnasium vector env, batched
    env = rules_env.parallel_env("steam-park", players=3, seed=1)  # PettingZoo Parallel

The guide is docs/guides/python.md in the repository.
"""
from ._serve import RulesError, ServeError, ServeTimeout, Server, default_command
from ._table import rank_rewards
from .aec import RulesAECEnv, aec_env
from .gym import RulesGymEnv, gym_env
from .parallel import RulesParallelEnv, parallel_env
from .vector import RulesVectorEnv, vector_env

__version__ = "0.1.0"
__all__ = ["aec_env", "gym_env", "vector_env", "parallel_env", "RulesVectorEnv", "RulesParallelEnv", "RulesAECEnv", "RulesGymEnv", "RulesError", "ServeError", "ServeTimeout", "Server", "default_command", "rank_rewards", "__version__"]
