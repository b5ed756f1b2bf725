extends Control
## The example scene: press Play to watch White (the addon, as a board UI)
## play the bot through the gateway in the lean flow; the log shows the game
## and the calls and bytes it took.

const GammondClient := preload("res://addons/gammond/gammond_client.gd")
const SelfPlay := preload("res://addons/gammond/self_play.gd")

@export var gateway := "http://127.0.0.1:8080"
@export var game_seed := "godot4-7"

var client: GammondClient

@onready var log_label: RichTextLabel = $Log
@onready var play_button: Button = $Play


func _ready() -> void:
	client = GammondClient.new()
	client.gateway = gateway
	add_child(client)
	play_button.pressed.connect(_on_play)


func _on_play() -> void:
	play_button.disabled = true
	log_label.text = "Playing...\n"
	var game: Dictionary = await SelfPlay.new().play_game(client, game_seed)
	if game.has("error"):
		log_label.text += "Error: %s\n" % game.error.message
	else:
		for line in game.events:
			log_label.text += line + "\n"
		log_label.text += (
			"%d calls, %d bytes on the wire (%d of %d answers gzip-compressed)\n"
			% [game.calls, game.bytes_sent + game.bytes_received, game.compressed_answers, game.calls]
		)
	play_button.disabled = false
