extends Control
# The example scene: press Play to watch the bot play itself through the
# gateway; the log fills as the game goes.

const GammondClient = preload("res://addons/gammond/gammond_client.gd")
const SelfPlay = preload("res://addons/gammond/self_play.gd")

export var gateway := "http://127.0.0.1:8080"
export var game_seed := "godot-7"

onready var log_label: RichTextLabel = $Log
var client


func _ready():
	client = GammondClient.new()
	client.gateway = gateway
	add_child(client)
	$Play.connect("pressed", self, "_on_play")


func _on_play():
	$Play.disabled = true
	log_label.text = "Playing...\n"
	var game = yield(SelfPlay.new().play_game(client, game_seed), "completed")
	if game.has("error"):
		log_label.text += "Error: %s\n" % game.error.message
	else:
		for line in game.events:
			log_label.text += line + "\n"
	$Play.disabled = false
